import { z } from 'zod';
import { text } from './fields.js';

/**
 * Which sites may show /embed in a frame (Content-Security-Policy frame-ancestors). Each entry is
 * an origin or host pattern such as https://isp.example.com or *.isp.example.com; an empty list
 * lets any site embed the map.
 */
export const embedSettings = z.object({
  allowed_domains: z
    .array(
      text(300, 'A domain').regex(
        /^(https?:\/\/)?(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i,
        'Each domain must look like example.com, *.example.com or https://example.com',
      ),
    )
    .max(50, 'At most 50 domains'),
});
export type EmbedSettings = z.infer<typeof embedSettings>;
