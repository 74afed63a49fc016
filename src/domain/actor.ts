/** Who performs an administrative action, as recorded in audit events. */
export interface Actor {
  /** `cli:<os user>`, `admin:<username>`, `system`. */
  id: string;
}
