import { expect } from 'vitest';
import type { App } from '../../src/server/app.js';
import { multipartBody } from './multipart.js';
import { bearer } from './testApp.js';

/** A point a visitor searches (degrees). */
export interface Spot {
  lat: number;
  lng: number;
}

/** A colour of a layer's KML and the service status it stands for. */
export interface ColorStatus {
  color: string;
  status: string;
}

/**
 * A provider (its sign-up page at `signupUrl`) with one Fiber coverage layer read from `kml`,
 * created through the API by `token`: the provider's id.
 */
export async function providerWithLayer(
  app: App,
  token: string,
  fields: { name: string; signupUrl: string; layerName: string; kml: string; filename: string; colors: readonly ColorStatus[] },
): Promise<number> {
  const form = multipartBody({ name: fields.name, signup_url: fields.signupUrl });
  const created = await app.server.inject({ method: 'POST', url: '/api/providers', payload: form.payload, headers: { ...form.headers, ...bearer(token) } });
  expect(created.statusCode, created.body).toBe(200);
  const id: number = created.json().data.id;
  const layer = multipartBody(
    {
      name: fields.layerName,
      provider_id: String(id),
      services: 'Fiber',
      color_mappings: JSON.stringify(fields.colors.map(({ color, status }) => ({ color, status, description: '' }))),
    },
    { field: 'kml_file', filename: fields.filename, contentType: 'application/vnd.google-earth.kml+xml', bytes: Buffer.from(fields.kml) },
  );
  const uploaded = await app.server.inject({
    method: 'POST',
    url: '/api/coverage_layers',
    payload: layer.payload,
    headers: { ...layer.headers, ...bearer(token) },
  });
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  return id;
}

/** A search the public map logs for visit `session` at `spot` (an address search unless `fields` say otherwise): its id. */
export async function logSearch(app: App, session: string, spot: Spot, fields: Record<string, unknown> = {}): Promise<number> {
  const response = await app.server.inject({
    method: 'POST',
    url: '/api/log_search',
    payload: { session_id: session, search_type: 'address', ...spot, ...fields },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.id;
}

/** A lead the public map submits (from Thandi Mokoena, 021 555 0100, unless `payload` says otherwise): its id. */
export async function submitLead(app: App, payload: Record<string, unknown>): Promise<number> {
  const response = await app.server.inject({ method: 'POST', url: '/api/submit_lead', payload: { name: 'Thandi Mokoena', phone: '021 555 0100', ...payload } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.id;
}
