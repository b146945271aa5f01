import { statfs } from 'node:fs/promises';
import { UPLOAD_MESSAGES } from '@shop/contracts';
import { AppError } from '../errors';

export interface DiskSpace {
  /** Bytes an unprivileged process may still write. */
  availableBytes: number;
  totalBytes: number;
}

/** Answers the free space of the disk that holds the files (and, by default, the database); null when unknown. */
export type DiskSpaceProbe = () => Promise<DiskSpace | null>;

/** The free space of the file system holding `dir`, from statfs. */
export function statfsProbe(dir: string): DiskSpaceProbe {
  return async () => {
    try {
      const s = await statfs(dir);
      return { availableBytes: s.bavail * s.bsize, totalBytes: s.blocks * s.bsize };
    } catch {
      return null;
    }
  };
}

export interface DiskGuardSettings {
  minFreeBytes: number;
  minFreePercent: number;
}

/** Refused upload: the disk is close to full. */
export const diskLow = () => new AppError(507, UPLOAD_MESSAGES.diskLow);

/**
 * Keeps uploads from filling the disk the files share with the database: a file is refused (507) while the free
 * space, less the file's size when known, is under `minFreeBytes` or under `minFreePercent` of the disk. The
 * margin leaves room for uploads already streaming and for the database's own growth.
 */
export class DiskGuard {
  constructor(
    private readonly probe: DiskSpaceProbe,
    private readonly settings: DiskGuardSettings,
  ) {}

  async assertRoom(incomingBytes = 0): Promise<void> {
    const space = await this.probe();
    if (!space) return;
    const floor = Math.max(
      this.settings.minFreeBytes,
      (space.totalBytes * this.settings.minFreePercent) / 100,
    );
    if (space.availableBytes - incomingBytes < floor) throw diskLow();
  }
}
