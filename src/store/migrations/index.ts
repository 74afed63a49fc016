import type { Migration, MigrationProvider } from 'kysely/migration';
import { initial } from './0001-initial.ts';
import { defaultProfile } from './0002-default-profile.ts';

/** Versioned migrations, applied in key order. Never edit a released one; add the next number. */
const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-default-profile': defaultProfile,
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};
