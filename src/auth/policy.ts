import type { AppConfig } from '../config/schema.ts';

/** Sign-in and session limits: the settings RAMPART_LOGIN_* and RAMPART_SESSION_* (see src/config/schema.ts). */
export type AuthPolicy = Pick<AppConfig, 'maxFailedLogins' | 'lockoutSeconds' | 'loginAttemptsPerIpPerMinute' | 'sessionIdleSeconds' | 'sessionMaxSeconds'>;
