/** How long events (and deliveries no longer pending) are kept and served: 30 days. */
const EVENT_RETENTION_MS = 30 * 24 * 3600 * 1000;

/**
 * The oldest creation time still served at `now`, as ISO text: older events are gone, even before
 * they are purged.
 */
export function retentionStart(now: Date): string {
  return new Date(now.getTime() - EVENT_RETENTION_MS).toISOString();
}
