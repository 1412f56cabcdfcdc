// Taking the source image with the device camera: Start Camera, a live preview with Capture and
// Stop Camera, and each failure with its reason and Try Again.
import { Aperture, Camera, CameraOff, Loader2 } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { CAMERA_UNAVAILABLE_LABEL, type Camera as CameraControls } from '../hooks/use-camera';

export function CameraPanel({
  camera,
  onCapture,
  target,
}: {
  camera: CameraControls;
  onCapture: () => void;
  /** Where a captured photo goes, when there is more than one place. */
  target?: string;
}) {
  const { status, error, facingMode, start, stop, attachVideo } = camera;

  if (status === 'unsupported') {
    return (
      <Button variant="outline" className="w-full sm:w-fit" disabled>
        <CameraOff aria-hidden="true" />
        {CAMERA_UNAVAILABLE_LABEL}
      </Button>
    );
  }

  return (
    <div className="grid gap-3">
      {status === 'active' && (
        <div className="overflow-hidden rounded-lg border bg-black">
          <video
            ref={attachVideo}
            autoPlay
            muted
            playsInline
            aria-label="Camera preview"
            // The front camera is mirrored like a mirror would be; the captured photo is not.
            className={cn(
              'aspect-video max-h-80 w-full object-contain',
              facingMode === 'user' && '-scale-x-100',
            )}
          />
        </div>
      )}
      {status === 'error' && error && (
        <Alert variant="destructive">
          <CameraOff aria-hidden="true" />
          <AlertTitle>Camera problem</AlertTitle>
          <AlertDescription className="grid gap-2">
            <p>{error.message}</p>
            <Button variant="outline" size="sm" className="w-fit" onClick={() => void start()}>
              Try Again
            </Button>
          </AlertDescription>
        </Alert>
      )}
      <div className="flex flex-wrap gap-2">
        {status === 'active' ? (
          <>
            <Button onClick={onCapture}>
              <Aperture aria-hidden="true" />
              Capture
            </Button>
            <Button variant="outline" onClick={stop}>
              <CameraOff aria-hidden="true" />
              Stop Camera
            </Button>
            {target && (
              <p className="basis-full text-muted-foreground text-xs" aria-live="polite">
                {target}
              </p>
            )}
          </>
        ) : (
          status !== 'error' && (
            <Button variant="outline" onClick={() => void start()} disabled={status === 'starting'}>
              {status === 'starting' ? (
                <Loader2 className="animate-spin" aria-hidden="true" />
              ) : (
                <Camera aria-hidden="true" />
              )}
              {status === 'starting' ? 'Starting Camera...' : 'Start Camera'}
            </Button>
          )
        )}
      </div>
    </div>
  );
}
