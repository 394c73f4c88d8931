import { type DragEvent, useEffect, useRef, useState } from 'react';
import { errorOf, fetchJson } from '../shared/fetch-json';

/** One photo in the picker: uploading, uploaded (with the server's id) or refused (with the reason). */
export interface PickedPhoto {
  key: number;
  name: string;
  preview: string;
  caption: string;
  status: 'uploading' | 'ready' | 'failed';
  id?: string | undefined;
  error?: string | undefined;
  file: Blob;
}

export const MAX_PHOTOS = 8;
/** Phones take 12-megapixel photos of several MB: the long side is brought down to this before upload. */
const LONG_SIDE = 2560;
const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';

/** A smaller JPEG when the photo is larger than needed; the file itself when it is small or cannot be decoded here. */
async function shrink(file: File): Promise<Blob> {
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const scale = LONG_SIDE / Math.max(bitmap.width, bitmap.height);
    if (scale >= 1 && file.size < 4 * 1024 * 1024) {
      bitmap.close();
      return file;
    }
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * Math.min(scale, 1));
    canvas.height = Math.round(bitmap.height * Math.min(scale, 1));
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((done) => canvas.toBlob(done, 'image/jpeg', 0.88));
    return blob ?? file;
  } catch {
    // Not decodable by this browser (or not an image at all): the server decides, and says why if it refuses.
    return file;
  }
}

async function upload(blob: Blob): Promise<{ id: string } | { error: string }> {
  const answer = await fetchJson<{ id?: string }>('/api/photos', { method: 'POST', body: blob });
  if (answer.ok && answer.data.id) return { id: answer.data.id };
  if (answer.status === 0) return { error: 'The upload failed: check your connection and retry.' };
  if (answer.status === 413) return { error: 'This file is larger than 5 MB.' };
  return { error: errorOf(answer.data) ?? `The upload failed (error ${answer.status}).` };
}

let nextKey = 0;

/** A photo the listing has already, as the picker holds it: shown from `preview`, sent again by its id. */
export const existingPhoto = (id: string, caption: string | null, preview: string): PickedPhoto => ({
  key: nextKey++,
  name: id,
  preview,
  caption: caption ?? '',
  status: 'ready',
  id,
  file: new Blob(),
});

/**
 * Photos of a new listing: add by the file picker or by dropping files, preview, caption (the alt text),
 * reorder, choose the cover (the first), remove. Each photo is shrunk here and uploaded at once; the form sends only
 * the uploaded photos' ids and captions.
 */
export function PhotoPicker({
  id,
  propertyName,
  error,
  onChange,
  initial,
}: {
  id: string;
  propertyName: string;
  error?: string | undefined;
  onChange: (photos: PickedPhoto[]) => void;
  /** Photos already there (an owner's edit): ready, with their ids. */
  initial?: PickedPhoto[] | undefined;
}) {
  const [photos, setPhotos] = useState<PickedPhoto[]>(() => initial ?? []);
  const [note, setNote] = useState('');
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const latest = useRef(photos);
  latest.current = photos;

  useEffect(() => onChange(photos), [photos, onChange]);
  // Previews are object URLs: released when the picker goes away.
  useEffect(
    () => () => {
      for (const p of latest.current) URL.revokeObjectURL(p.preview);
    },
    [],
  );

  const update = (key: number, change: Partial<PickedPhoto>) =>
    setPhotos((list) => list.map((p) => (p.key === key ? { ...p, ...change } : p)));

  const send = async (photo: PickedPhoto) => {
    update(photo.key, { status: 'uploading', error: undefined });
    const result = await upload(photo.file);
    update(
      photo.key,
      'id' in result ? { status: 'ready', id: result.id } : { status: 'failed', error: result.error },
    );
  };

  const add = async (files: File[]) => {
    const room = MAX_PHOTOS - latest.current.length;
    const taken = files.slice(0, Math.max(room, 0));
    setNote(
      files.length > taken.length
        ? `You can add up to ${MAX_PHOTOS} photos: ${files.length - taken.length} not added.`
        : `${taken.length} photo${taken.length === 1 ? '' : 's'} added.`,
    );
    for (const file of taken) {
      const blob = await shrink(file);
      const photo: PickedPhoto = {
        key: nextKey++,
        name: file.name,
        preview: URL.createObjectURL(blob),
        caption: '',
        status: 'uploading',
        file: blob,
      };
      setPhotos((list) => [...list, photo]);
      void send(photo);
    }
  };

  const move = (index: number, to: number) => {
    setPhotos((list) => {
      const next = [...list];
      const [photo] = next.splice(index, 1);
      if (photo) next.splice(to, 0, photo);
      return next;
    });
    setNote(to === 0 ? `Photo ${index + 1} is now the cover.` : `Photo ${index + 1} is now photo ${to + 1}.`);
  };

  const remove = (photo: PickedPhoto, index: number) => {
    URL.revokeObjectURL(photo.preview);
    setPhotos((list) => list.filter((p) => p.key !== photo.key));
    setNote(`Photo ${index + 1} removed.`);
  };

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    void add([...event.dataTransfer.files]);
  };

  const alt = (p: PickedPhoto, i: number) =>
    p.caption.trim() || `Photo ${i + 1} of ${propertyName.trim() || 'your property'}`;

  return (
    <fieldset className="space-y-3" aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`}>
      <legend className="text-lg font-semibold text-emerald-950">Photos</legend>
      <p id={`${id}-help`} className="text-sm text-stone-600">
        Up to {MAX_PHOTOS} photos (JPEG, PNG, WebP or AVIF). The first is the cover. A caption describes the
        photo for travelers who cannot see it.
      </p>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping files adds to the picker, whose input is the keyboard and screen-reader route */}
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        className={`rounded-lg border-2 border-dashed p-4 text-center ${over ? 'border-emerald-700 bg-emerald-50' : 'border-stone-300'}`}
      >
        <input
          ref={input}
          id={id}
          type="file"
          accept={ACCEPT}
          multiple
          className="sr-only"
          onChange={(e) => {
            void add([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
          disabled={photos.length >= MAX_PHOTOS}
        />
        <label
          htmlFor={id}
          className="inline-block cursor-pointer rounded-md border border-stone-400 bg-white px-4 py-2 font-semibold"
        >
          Add photos
        </label>
        <p className="mt-2 text-sm text-stone-600">or drop them here</p>
      </div>
      <p role="status" className="text-sm text-stone-700">
        {note}
      </p>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
      {photos.length > 0 && (
        <ol className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {photos.map((p, i) => (
            <li key={p.key} className="rounded-lg border border-stone-200 bg-white p-3">
              <div className="relative aspect-[3/2] overflow-hidden rounded bg-stone-100">
                <img src={p.preview} alt={alt(p, i)} className="h-full w-full object-cover" />
                {i === 0 && (
                  <span className="absolute left-2 top-2 rounded bg-emerald-800 px-2 py-0.5 text-xs font-semibold text-white">
                    Cover
                  </span>
                )}
              </div>
              <p className="mt-2 text-sm">
                {p.status === 'uploading' && 'Uploading…'}
                {p.status === 'ready' && (p.file.size > 0 ? 'Uploaded' : 'On your listing')}
                {p.status === 'failed' && (
                  <span className="text-red-700">
                    {p.name}: {p.error}
                  </span>
                )}
              </p>
              <label htmlFor={`${id}-caption-${p.key}`} className="mt-2 block text-sm font-medium">
                Caption for photo {i + 1} (optional)
              </label>
              <input
                id={`${id}-caption-${p.key}`}
                value={p.caption}
                maxLength={200}
                onChange={(e) => update(p.key, { caption: e.target.value })}
                className="mt-1 w-full rounded-md border border-stone-300 px-2 py-1"
              />
              <div className="mt-2 flex flex-wrap gap-2 text-sm">
                {i > 0 && (
                  <button type="button" onClick={() => move(i, 0)} className="rounded border px-2 py-1">
                    Make photo {i + 1} the cover
                  </button>
                )}
                {i > 0 && (
                  <button type="button" onClick={() => move(i, i - 1)} className="rounded border px-2 py-1">
                    Move photo {i + 1} earlier
                  </button>
                )}
                {i < photos.length - 1 && (
                  <button type="button" onClick={() => move(i, i + 1)} className="rounded border px-2 py-1">
                    Move photo {i + 1} later
                  </button>
                )}
                {p.status === 'failed' && (
                  <button type="button" onClick={() => void send(p)} className="rounded border px-2 py-1">
                    Retry photo {i + 1}
                  </button>
                )}
                <button
                  type="button"
                  onClick={() => remove(p, i)}
                  className="rounded border border-red-300 px-2 py-1 text-red-800"
                >
                  Remove photo {i + 1}
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
    </fieldset>
  );
}

/** What the form sends, or the reason it cannot yet: photos still uploading, or refused ones left in the list. */
export function photosToSend(
  photos: readonly PickedPhoto[],
): { refs: Array<{ id: string; caption: string }> } | { problem: string } {
  if (photos.some((p) => p.status === 'uploading'))
    return { problem: 'Please wait until every photo has uploaded.' };
  if (photos.some((p) => p.status === 'failed'))
    return { problem: 'Some photos could not be added: retry or remove them (marked in red).' };
  return { refs: photos.map((p) => ({ id: p.id ?? '', caption: p.caption.trim() })) };
}
