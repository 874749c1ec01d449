/** Reads what the server wants to know about a picked image or video, in the browser. */

export type MediaMeta = {
  width?: number;
  height?: number;
  /** seconds (videos) */
  duration?: number;
};

/** Image dimensions; {} when the browser cannot decode it (the upload still goes as a file). */
export function readImageSize(file: Blob): Promise<MediaMeta> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      resolve({ width: img.naturalWidth, height: img.naturalHeight });
      URL.revokeObjectURL(url);
    };
    img.onerror = () => {
      resolve({});
      URL.revokeObjectURL(url);
    };
    img.src = url;
  });
}

/** A video's duration and size through a `<video>` element; rejects when it cannot be read. */
export function readVideoMeta(file: Blob, timeoutMs = 15_000): Promise<MediaMeta> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    const done = (fn: () => void) => {
      clearTimeout(timer);
      video.removeAttribute('src');
      video.load();
      URL.revokeObjectURL(url);
      fn();
    };
    const timer = setTimeout(() => done(() => reject(new Error('timeout'))), timeoutMs);
    video.preload = 'metadata';
    video.muted = true;
    const settle = () => {
      const duration = video.duration;
      const meta = { duration, width: video.videoWidth || undefined, height: video.videoHeight || undefined };
      done(() => (Number.isFinite(duration) ? resolve(meta) : reject(new Error('no duration'))));
    };
    video.onloadedmetadata = () => {
      if (Number.isFinite(video.duration)) {
        settle();
        return;
      }
      // Recorded WebM files often carry no duration: seeking far ahead makes the browser compute it.
      video.ondurationchange = () => {
        if (Number.isFinite(video.duration)) settle();
      };
      video.currentTime = Number.MAX_SAFE_INTEGER;
    };
    video.onerror = () => done(() => reject(new Error('unreadable')));
    video.src = url;
  });
}
