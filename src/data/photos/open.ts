import type { PhotoSetting } from '../../config';
import { ConfigError } from '../../config';
import { localPhotoStorage } from './local';
import type { PhotoStorage } from './storage';
import { supabasePhotoStorage } from './supabase';

/** The photo storage of the configuration; a ConfigError (503) where this deploy has none. */
export function openPhotoStorage(setting: PhotoSetting): PhotoStorage {
  if (setting.kind === 'folder') return localPhotoStorage(setting.dir);
  if (setting.kind === 'none') throw new ConfigError(setting.why);
  if (!setting.serviceKey)
    throw new ConfigError('SUPABASE_SERVICE_ROLE_KEY is missing (photo uploads need it)');
  return supabasePhotoStorage(setting.url, setting.serviceKey);
}
