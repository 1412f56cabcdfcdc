import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  cameraConstraints,
  captureFileName,
  describeCameraError,
  isCameraSupported,
  preferredFacingMode,
  useCamera,
} from './use-camera';

const domError = (name: string) => new DOMException('camera said no', name);

describe('describeCameraError', () => {
  it('names each getUserMedia failure', () => {
    expect(describeCameraError(domError('NotAllowedError'))).toEqual({
      kind: 'permission-denied',
      message:
        'Camera permission denied. Please allow camera access in your browser settings and try again.',
    });
    expect(describeCameraError(domError('NotFoundError'))).toEqual({
      kind: 'not-found',
      message: 'No camera found. Please connect a camera and try again.',
    });
    expect(describeCameraError(domError('NotReadableError'))).toEqual({
      kind: 'in-use',
      message:
        'Your camera is in use by another application. Close the other application and try again.',
    });
    expect(describeCameraError(domError('OverconstrainedError')).kind).toBe('overconstrained');
    expect(describeCameraError(domError('SecurityError')).kind).toBe('insecure');
  });

  it('understands the legacy names older browsers throw', () => {
    expect(describeCameraError({ name: 'PermissionDeniedError' }).kind).toBe('permission-denied');
    expect(describeCameraError({ name: 'DevicesNotFoundError' }).kind).toBe('not-found');
    expect(describeCameraError({ name: 'TrackStartError' }).kind).toBe('in-use');
    expect(describeCameraError({ name: 'ConstraintNotSatisfiedError' }).kind).toBe(
      'overconstrained',
    );
  });

  it('gives a general message for anything else', () => {
    for (const error of [domError('AbortError'), new Error('?'), null, 'text']) {
      expect(describeCameraError(error)).toEqual({
        kind: 'unknown',
        message: 'Unable to access the camera. Please try again.',
      });
    }
  });
});

describe('isCameraSupported', () => {
  const getUserMedia = async () => new MediaStream();

  it('needs both a secure page and media devices', () => {
    expect(isCameraSupported({ isSecureContext: true, mediaDevices: { getUserMedia } })).toBe(true);
    expect(isCameraSupported({ isSecureContext: false, mediaDevices: { getUserMedia } })).toBe(
      false,
    );
    expect(isCameraSupported({ isSecureContext: true, mediaDevices: undefined })).toBe(false);
  });
});

describe('preferredFacingMode', () => {
  const desktop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126 Safari/537.36';
  const phone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Mobile/15E148';

  it('uses the rear camera below 768px or on touch devices, the front one otherwise', () => {
    expect(preferredFacingMode({ viewportWidth: 767, userAgent: desktop })).toBe('environment');
    expect(preferredFacingMode({ viewportWidth: 1024, userAgent: phone })).toBe('environment');
    expect(preferredFacingMode({ viewportWidth: 768, userAgent: desktop })).toBe('user');
  });
});

describe('cameraConstraints', () => {
  it('asks for 640x480 ideally, 320x240 at least, and no audio', () => {
    expect(cameraConstraints('user')).toEqual({
      video: {
        facingMode: 'user',
        width: { ideal: 640, min: 320 },
        height: { ideal: 480, min: 240 },
      },
      audio: false,
    });
  });

  it('drops the size bounds for the retry after OverconstrainedError', () => {
    expect(cameraConstraints('environment', { relaxed: true })).toEqual({
      video: { facingMode: 'environment' },
      audio: false,
    });
  });
});

describe('captureFileName', () => {
  it('names a captured photo after the moment it was taken', () => {
    expect(captureFileName(1_700_000_000_000)).toBe('camera-capture-1700000000000.png');
  });
});

describe('useCamera', () => {
  type FakeStream = MediaStream & { stopped: () => boolean };

  function fakeStream(): FakeStream {
    const track = { stop: vi.fn() };
    return {
      getTracks: () => [track],
      stopped: () => track.stop.mock.calls.length > 0,
    } as unknown as FakeStream;
  }

  function installCamera(getUserMedia: () => Promise<MediaStream>) {
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    Object.defineProperty(navigator, 'mediaDevices', {
      value: { getUserMedia: vi.fn(getUserMedia) },
      configurable: true,
    });
    return navigator.mediaDevices.getUserMedia as ReturnType<typeof vi.fn>;
  }

  afterEach(() => {
    cleanup();
    Reflect.deleteProperty(window, 'isSecureContext');
    Reflect.deleteProperty(navigator, 'mediaDevices');
  });

  it('is unavailable without a secure page or media devices', () => {
    const { result } = renderHook(() => useCamera());
    expect(result.current.status).toBe('unsupported');
  });

  it('starts without audio, stops the old stream on a new start, and stops on Stop Camera', async () => {
    const streams = [fakeStream(), fakeStream()];
    const getUserMedia = installCamera(async () => streams.shift() as MediaStream);
    const first = streams[0] as FakeStream;
    const second = streams[1] as FakeStream;
    const { result } = renderHook(() => useCamera());
    expect(result.current.status).toBe('idle');

    await act(() => result.current.start());
    expect(result.current.status).toBe('active');
    expect(getUserMedia.mock.calls[0]?.[0]).toMatchObject({ audio: false });

    await act(() => result.current.start());
    expect(first.stopped()).toBe(true);
    expect(second.stopped()).toBe(false);

    act(() => result.current.stop());
    expect(second.stopped()).toBe(true);
    expect(result.current.status).toBe('idle');
  });

  it('turns the camera off when the screen goes away, even if it was still starting', async () => {
    const stream = fakeStream();
    let answer: (value: MediaStream) => void = () => undefined;
    installCamera(() => new Promise((resolve) => (answer = resolve)));
    const { result, unmount } = renderHook(() => useCamera());
    let starting: Promise<void> = Promise.resolve();
    act(() => {
      starting = result.current.start();
    });
    unmount();
    await act(async () => {
      answer(stream);
      await starting;
    });
    expect(stream.stopped()).toBe(true);
  });

  it('reports a refused permission and retries with relaxed constraints after Overconstrained', async () => {
    const failures = [domError('NotAllowedError'), domError('OverconstrainedError')];
    const getUserMedia = installCamera(async () => {
      const failure = failures.shift();
      if (failure) throw failure;
      return fakeStream();
    });
    const { result } = renderHook(() => useCamera());

    await act(() => result.current.start());
    expect(result.current.status).toBe('error');
    expect(result.current.error?.kind).toBe('permission-denied');

    await act(() => result.current.start());
    expect(result.current.error?.kind).toBe('overconstrained');

    await act(() => result.current.start());
    expect(result.current.status).toBe('active');
    expect(getUserMedia.mock.calls[2]?.[0]).toEqual({
      video: { facingMode: 'user' },
      audio: false,
    });
  });
});
