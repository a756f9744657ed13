/** The store the settings name: the S3-compatible bucket when S3_BUCKET is set, else the folder. */
import type { Settings } from '../settings.js';
import { LocalStorage, type Storage } from './index.js';
import { S3Storage } from './s3.js';

export const storageOf = (settings: Pick<Settings, 'storageDir' | 's3'>): Storage =>
  settings.s3 ? new S3Storage(settings.s3) : new LocalStorage(settings.storageDir);
