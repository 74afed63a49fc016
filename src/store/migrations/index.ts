import type { Migration, MigrationProvider } from 'kysely/migration';
import { initial } from './0001-initial.ts';
import { defaultProfile } from './0002-default-profile.ts';
import { adminSecurity } from './0003-admin-security.ts';
import { checkEventText } from './0004-check-event-text.ts';
import { upstreamCredential } from './0010-upstream-credential.ts';
import { threatVectors } from './0020-threat-vectors.ts';
import { monitorMode } from './0030-monitor-mode.ts';
import { modelBackends } from './0040-model-backends.ts';
import { piiAllowAndMaskingRecord } from './0050-pii-allow-and-masking-record.ts';
import { pulledModels } from './0060-pulled-models.ts';
import { checkEventCorrelation } from './0070-check-event-correlation.ts';

/** Versioned migrations, applied in key order. Never edit a released one; add the next number. */
const migrations: Readonly<Record<string, Migration>> = {
  '0001-initial': initial,
  '0002-default-profile': defaultProfile,
  '0003-admin-security': adminSecurity,
  '0004-check-event-text': checkEventText,
  '0010-upstream-credential': upstreamCredential,
  '0020-threat-vectors': threatVectors,
  '0030-monitor-mode': monitorMode,
  '0040-model-backends': modelBackends,
  '0050-pii-allow-and-masking-record': piiAllowAndMaskingRecord,
  '0060-pulled-models': pulledModels,
  '0070-check-event-correlation': checkEventCorrelation,
};

export const migrationProvider: Readonly<MigrationProvider> = {
  async getMigrations() {
    return migrations;
  },
};
