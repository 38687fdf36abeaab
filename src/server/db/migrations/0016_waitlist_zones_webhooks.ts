import type { Kysely, Migration } from 'kysely';
import { type DialectName, withIdColumn } from '../dialect.js';

/**
 * Issue 20: from a search to a customer.
 * - `mail_outbox`: every e-mail the server sends, written in the transaction of what caused it and
 *   sent by one process with backoff (the RFC 8058 one-click address in `unsubscribe_url`).
 * - `zones`: pre-registration areas of a provider with a goal (GeoJSON Polygon or MultiPolygon
 *   text, [lng, lat] degrees, and its box).
 * - `waitlist_entries`: a visitor waiting at a spot for one provider (or any, provider_id null),
 *   a pre-registration when zone_id is set; counted only once confirmed (double opt-in). Tokens
 *   are stored as SHA-256 hashes; `dedupe_key` makes the same address at the same spot one entry.
 * - `waitlist_notifications`: the "now available" e-mail of an entry and provider, at most once
 *   (provider_key 0: the site's own towers).
 * - `webhook_endpoints`, `webhook_events`, `webhook_deliveries`: the events outbox (written with
 *   the change), one delivery a subscribed endpoint, delivered in order per endpoint.
 * - leads: `request_count` and `last_requested_at` (the same person asking again within 24 h is
 *   one lead); providers: `next_steps`, what a visitor's confirmation e-mail says happens next.
 */
export function waitlistZonesWebhooksMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      await withIdColumn(dialect, db.schema.createTable('mail_outbox'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('to_address', 'text', (c) => c.notNull())
        .addColumn('reply_to', 'text')
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('text_body', 'text', (c) => c.notNull())
        .addColumn('html_body', 'text', (c) => c.notNull())
        .addColumn('unsubscribe_url', 'text')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text')
        .execute();
      await db.schema.createIndex('mail_outbox_due').on('mail_outbox').columns(['status', 'next_attempt_at']).execute();

      await withIdColumn(dialect, db.schema.createTable('zones'))
        .addColumn('provider_id', 'integer', (c) => c.notNull().references('providers.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('goal', 'integer', (c) => c.notNull())
        .addColumn('deadline', 'text')
        .addColumn('message', 'text')
        .addColumn('geometry_json', 'text', (c) => c.notNull())
        .addColumn('vertex_count', 'integer', (c) => c.notNull())
        .addColumn('west', 'double precision', (c) => c.notNull())
        .addColumn('south', 'double precision', (c) => c.notNull())
        .addColumn('east', 'double precision', (c) => c.notNull())
        .addColumn('north', 'double precision', (c) => c.notNull())
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('goal_reached_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await withIdColumn(dialect, db.schema.createTable('waitlist_entries'))
        .addColumn('provider_id', 'integer', (c) => c.references('providers.id').onDelete('cascade'))
        .addColumn('zone_id', 'integer', (c) => c.references('zones.id').onDelete('cascade'))
        .addColumn('name', 'text')
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('phone', 'text')
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('lat', 'double precision', (c) => c.notNull())
        .addColumn('lng', 'double precision', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
        .addColumn('confirm_token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('unsubscribe_token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('consent_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('confirmed_at', 'text')
        .addColumn('unsubscribed_at', 'text')
        .execute();
      await db.schema.createIndex('waitlist_entries_status').on('waitlist_entries').columns(['status', 'created_at']).execute();
      await db.schema.createIndex('waitlist_entries_zone').on('waitlist_entries').columns(['zone_id', 'status']).execute();
      await db.schema.createIndex('waitlist_entries_provider').on('waitlist_entries').columns(['provider_id', 'status']).execute();

      await withIdColumn(dialect, db.schema.createTable('waitlist_notifications'))
        .addColumn('entry_id', 'integer', (c) => c.notNull().references('waitlist_entries.id').onDelete('cascade'))
        .addColumn('provider_key', 'integer', (c) => c.notNull())
        .addColumn('notified_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('waitlist_notifications_once', ['entry_id', 'provider_key'])
        .execute();

      await withIdColumn(dialect, db.schema.createTable('webhook_endpoints'))
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('events_json', 'text', (c) => c.notNull())
        .addColumn('secret_sealed', 'text', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('disabled_reason', 'text')
        .addColumn('failing_since', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await withIdColumn(dialect, db.schema.createTable('webhook_events'))
        .addColumn('message_id', 'text', (c) => c.notNull().unique())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('payload_json', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await withIdColumn(dialect, db.schema.createTable('webhook_deliveries'))
        .addColumn('event_id', 'integer', (c) => c.notNull().references('webhook_events.id').onDelete('cascade'))
        .addColumn('endpoint_id', 'integer', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('last_attempt_at', 'text')
        .addColumn('last_status_code', 'integer')
        .addColumn('last_response', 'text')
        .addColumn('last_error', 'text')
        .addColumn('delivered_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('webhook_deliveries_queue').on('webhook_deliveries').columns(['endpoint_id', 'status', 'id']).execute();
      await db.schema.createIndex('webhook_deliveries_due').on('webhook_deliveries').columns(['status', 'next_attempt_at']).execute();

      await db.schema
        .alterTable('leads')
        .addColumn('request_count', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.alterTable('leads').addColumn('last_requested_at', 'text').execute();
      await db.schema.createIndex('leads_repeat_email').on('leads').columns(['provider_id', 'email', 'created_at']).execute();
      await db.schema.createIndex('leads_repeat_phone').on('leads').columns(['provider_id', 'phone', 'created_at']).execute();
      await db.schema.alterTable('providers').addColumn('next_steps', 'text').execute();
    },
  };
}
