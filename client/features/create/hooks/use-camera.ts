// The Create form's camera: starts and stops one video stream, shows it, and turns a frame into a
// PNG file. The stream never outlives its use: starting again, stopping, capturing and unmounting
// all release it (spec/product.md §4 "Create form").
import { TIMINGS } from '@shared/limits';
import { useCallback, useEffect, useRef, useState } from 'react';

export const CAMERA_UNAVAILABLE_LABEL = 'Camera Unavailable (HTTPS required)';

export const CAPTURE_ERROR_MESSAGES = {
  notReady: 'Unable to capture photo. Please try again.',
  noImage: 'Unable to process captured image.',
  failed: 'Failed to capture image.',
} as const;

export type CameraStatus = 'unsupported' | 'idle' | 'starting' | 'active' | 'error';

export type CameraErrorKind =
  | 'permission-denied'
  | 'not-found'
  | 'in-use'
  | 'overconstrained'
  | 'insecure'
  | 'unknown';

export type CameraError = { kind: CameraErrorKind; message: string };

export type FacingMode = 'environment' | 'user';

/** Names getUserMedia failures, including the legacy names older Chrome and Firefox still throw. */
export function describeCameraError(error: unknown): CameraError {
  const name =
    error && typeof error === 'object' && 'name' in error && typeof error.name === 'string'
      ? error.name
      : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
      return {
        kind: 'permission-denied',
        message:
          'Camera permission denied. Please allow camera access in your browser settings and try again.',
      };
    case 'NotFoundError':
    case 'DevicesNotFoundError':
      return {
        kind: 'not-found',
        message: 'No camera found. Please connect a camera and try again.',
      };
    case 'NotReadableError':
    case 'TrackStartError':
      return {
        kind: 'in-use',
        message:
          'Your camera is in use by another application. Close the other application and try again.',
      };
    case 'OverconstrainedError':
    case 'ConstraintNotSatisfiedError':
      return {
        kind: 'overconstrained',
        message:
          "Your camera doesn't support the requested settings. Try again to use its default settings.",
      };
    case 'SecurityError':
      return {
        kind: 'insecure',
        message: 'Camera access needs a secure (HTTPS) connection.',
      };
    default:
      return { kind: 'unknown', message: 'Unable to access the camera. Please try again.' };
  }
}

/** getUserMedia exists only on secure pages (HTTPS or localhost) in browsers that have it. */
export function isCameraSupported(
  environment: { isSecureContext?: boolean; mediaDevices?: Partial<MediaDevices> } = {
    isSecureContext: globalThis.isSecureContext,
    mediaDevices: globalThis.navigator?.mediaDevices,
  },
): boolean {
  return (
    environment.isSecureContext === true &&
    typeof environment.mediaDevices?.getUserMedia === 'function'
  );
}

const TOUCH_DEVICE_PATTERN =
  /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile/i;

/** The rear camera on phones and tablets (narrow screen or touch device), the front one elsewhere. */
export function preferredFacingMode(device: {
  viewportWidth: number;
  userAgent: string;
}): FacingMode {
  const isMobile =
    device.viewportWidth < TIMINGS.mobileBreakpointPx ||
    TOUCH_DEVICE_PATTERN.test(device.userAgent);
  return isMobile ? 'environment' : 'user';
}

/**
 * Video only, ideally 640x480 and at least 320x240. `relaxed` drops the size bounds: it is used
 * for the retry after a camera rejected them (OverconstrainedError).
 */
export function cameraConstraints(
  facingMode: FacingMode,
  options: { relaxed?: boolean } = {},
): MediaStreamConstraints {
  if (options.relaxed) return { video: { facingMode }, audio: false };
  return {
    video: {
      facingMode,
      width: { ideal: TIMINGS.cameraIdealWidth, min: TIMINGS.cameraMinWidth },
      height: { ideal: TIMINGS.cameraIdealHeight, min: TIMINGS.cameraMinHeight },
    },
    audio: false,
  };
}

export function captureFileName(timestamp: number): string {
  return `camera-capture-${timestamp}.png`;
}

/** A capture failure whose message is one of CAPTURE_ERROR_MESSAGES, ready to show. */
export class CameraCaptureError extends Error {
  override name = 'CameraCaptureError';
}

function stopTracks(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop();
}

function canvasToBlob(canvas: HTMLCanvasElement): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/png', TIMINGS.cameraPngQuality));
}

export function useCamera() {
  const [status, setStatus] = useState<CameraStatus>(() =>
    isCameraSupported() ? 'idle' : 'unsupported',
  );
  const [error, setError] = useState<CameraError | null>(null);
  const [facingMode, setFacingMode] = useState<FacingMode>('user');
  const streamRef = useRef<MediaStream | null>(null);
  const videoRef = useRef<HTMLVideoElement | null>(null);
  // Bumped by every start and stop, so a getUserMedia answer that arrives after the member moved
  // on (stopped, restarted, left the screen) is released instead of shown.
  const attemptRef = useRef(0);
  const relaxNextStartRef = useRef(false);

  const releaseStream = useCallback(() => {
    attemptRef.current += 1;
    if (streamRef.current) stopTracks(streamRef.current);
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
  }, []);

  const stop = useCallback(() => {
    releaseStream();
    setError(null);
    setStatus((current) => (current === 'unsupported' ? current : 'idle'));
  }, [releaseStream]);

  const start = useCallback(async () => {
    if (!isCameraSupported()) {
      setStatus('unsupported');
      return;
    }
    releaseStream();
    const attempt = attemptRef.current;
    setError(null);
    setStatus('starting');
    const mode = preferredFacingMode({
      viewportWidth: window.innerWidth,
      userAgent: navigator.userAgent,
    });
    try {
      const stream = await navigator.mediaDevices.getUserMedia(
        cameraConstraints(mode, { relaxed: relaxNextStartRef.current }),
      );
      if (attempt !== attemptRef.current) {
        stopTracks(stream);
        return;
      }
      streamRef.current = stream;
      setFacingMode(mode);
      setStatus('active');
      if (videoRef.current) attachStream(videoRef.current, stream);
    } catch (cause) {
      if (attempt !== attemptRef.current) return;
      const described = describeCameraError(cause);
      relaxNextStartRef.current = described.kind === 'overconstrained';
      setError(described);
      setStatus('error');
    }
  }, [releaseStream]);

  /** Ref callback for the preview <video>: it mounts only once the stream is active. */
  const attachVideo = useCallback((element: HTMLVideoElement | null) => {
    videoRef.current = element;
    if (element && streamRef.current) attachStream(element, streamRef.current);
  }, []);

  /** The current frame as `camera-capture-{timestamp}.png`; the camera stops once it is taken. */
  const capture = useCallback(async (): Promise<File> => {
    const video = videoRef.current;
    if (!video || !streamRef.current || video.videoWidth === 0 || video.videoHeight === 0) {
      throw new CameraCaptureError(CAPTURE_ERROR_MESSAGES.notReady);
    }
    let blob: Blob | null;
    try {
      const canvas = document.createElement('canvas');
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      const context = canvas.getContext('2d');
      if (!context) throw new CameraCaptureError(CAPTURE_ERROR_MESSAGES.notReady);
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      blob = await canvasToBlob(canvas);
    } catch (cause) {
      if (cause instanceof CameraCaptureError) throw cause;
      throw new CameraCaptureError(CAPTURE_ERROR_MESSAGES.failed);
    }
    if (!blob) throw new CameraCaptureError(CAPTURE_ERROR_MESSAGES.noImage);
    stop();
    return new File([blob], captureFileName(Date.now()), { type: 'image/png' });
  }, [stop]);

  // Leaving the screen turns the camera off; no state update, the component is gone.
  useEffect(() => releaseStream, [releaseStream]);

  return { status, error, facingMode, start, stop, capture, attachVideo };
}

function attachStream(video: HTMLVideoElement, stream: MediaStream): void {
  if (video.srcObject === stream) return;
  video.srcObject = stream;
  // Autoplay can be refused (e.g. power saving); the preview then starts on the next interaction.
  video.play().catch(() => undefined);
}

export type Camera = ReturnType<typeof useCamera>;
