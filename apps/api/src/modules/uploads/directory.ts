import path from 'node:path';
import type { Config } from '../../config';

/** Where uploaded files live: <DATA_DIR>/uploads, served at /uploads/. */
export function uploadsDirectory(config: Pick<Config, 'dataDir'>): string {
  return path.resolve(config.dataDir, 'uploads');
}
