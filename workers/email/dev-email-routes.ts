// GET /api/dev/emails?to=<email> (D6): the dev mail sink's inbox; 404 unless DEV_MODE is "true".
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../http/api-error.ts';
import { mountOperations } from '../http/mount-operations.ts';
import { readQuery } from '../http/read-query.ts';
import { listDevEmails } from './dev-email-operations.ts';
import { listSunkEmails } from './dev-mail-sink.ts';
import { isDevMode } from './mailer.ts';

export const devEmailRoutes = new Hono<AppEnv>();

mountOperations(devEmailRoutes, [
  [
    listDevEmails,
    async (c) => {
      if (!isDevMode(c.env)) throw new ApiError('not_found', 'No route for GET /api/dev/emails');
      const { to } = readQuery(c, listDevEmails.query);
      return c.json({ emails: await listSunkEmails(c.env.DB, to || undefined) });
    },
  ],
]);
