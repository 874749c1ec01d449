import { createContext, useContext } from 'react';

/** One photo of the chat the viewer can show. */
export interface Photo {
  url: string;
  name: string;
}

/** The photos of the open chat, oldest first, and a way to open the viewer at one of them. */
export interface PhotoGallery {
  open(url: string): void;
}

export const PhotoGalleryContext = createContext<PhotoGallery | null>(null);

export const usePhotoGallery = (): PhotoGallery | null => useContext(PhotoGalleryContext);
