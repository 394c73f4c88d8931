import { copyFile, mkdir, readFile, rm, rmdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PHOTO_ID, type PhotoStorage } from './storage';

const NAME = /^\d{1,4}\.(avif|webp|jpg)$/;

function checked(photoId: string, names: readonly string[]): void {
  // Ids and names come from our own code, but a path is built from them: nothing may climb out of the folder.
  if (!PHOTO_ID.test(photoId) || !names.every((n) => NAME.test(n)))
    throw new Error(`Bad photo path ${photoId}`);
}

/**
 * Photos in a local folder (npm start, tests): `private/<id>/` is never served; `public/<id>/` is what the local
 * server serves at /photos/<id>/ (scripts/lib/server.ts). Folders are the owner's alone, like the rest of .data.
 */
export function localPhotoStorage(dir: string): PhotoStorage {
  const side = (which: 'private' | 'public', photoId: string) => join(dir, which, photoId);
  return {
    async save(photoId, files) {
      checked(
        photoId,
        files.map((f) => f.name),
      );
      await mkdir(side('private', photoId), { recursive: true, mode: 0o700 });
      for (const f of files) await writeFile(join(side('private', photoId), f.name), f.data, { mode: 0o600 });
    },
    async publish(photoId, names) {
      checked(photoId, names);
      await mkdir(side('public', photoId), { recursive: true, mode: 0o755 });
      for (const n of names)
        await copyFile(join(side('private', photoId), n), join(side('public', photoId), n));
    },
    async withdraw(photoId, names) {
      checked(photoId, names);
      for (const n of names) await rm(join(side('public', photoId), n), { force: true });
      await rmdir(side('public', photoId)).catch(() => {});
    },
    async read(photoId, name) {
      checked(photoId, [name]);
      return readFile(join(side('private', photoId), name)).catch(() => null);
    },
    async remove(photoId, names) {
      checked(photoId, names);
      await rm(side('public', photoId), { recursive: true, force: true });
      await rm(side('private', photoId), { recursive: true, force: true });
    },
  };
}
