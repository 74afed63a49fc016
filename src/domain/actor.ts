/** Who performs an administrative action, as recorded in audit events. */
export interface Actor {
  /** `cli:<os user>`, `admin:<username>`, `system`, or UNAUTHENTICATED. */
  id: string;
}

/**
 * The actor of a sign-in that failed. Actors that are accounts always carry a prefix (`admin:`,
 * `cli:`); this one has none, so it is never read as an administrator, whatever name was typed.
 */
export const UNAUTHENTICATED = 'unauthenticated';
