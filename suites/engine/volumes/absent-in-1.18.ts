import { absentIn118Check, ownedName, subjectIn122 } from '../support/absent-in-1.18.ts';

/** Spec: "Items marked (1.22) exist only in 1.22": the volume endpoints (47-50) are not served under /v1.18/. */
export default [
  absentIn118Check('engine/volumes/list', 'GET /volumes', (ctx) => ctx.api.get('/volumes')),
  absentIn118Check('engine/volumes/create', 'POST /volumes/create', (ctx) => ctx.api.post('/volumes/create', { json: { Name: ownedName(ctx, 'volumes') } })),
  absentIn118Check('engine/volumes/inspect', 'GET /volumes/(name)', async (ctx) => ctx.api.get(`/volumes/${await subjectIn122(ctx, 'volumes')}`)),
  absentIn118Check('engine/volumes/delete', 'DELETE /volumes/(name)', async (ctx) => ctx.api.delete(`/volumes/${await subjectIn122(ctx, 'volumes')}`)),
];
