/** Liveness probe: proves the functions runtime answers beside the static site. */
export default async (req: Request): Promise<Response> => {
  if (req.method !== 'GET') {
    return new Response('Method Not Allowed', { status: 405, headers: { Allow: 'GET' } });
  }
  return Response.json({ ok: true });
};

export const config = { path: '/api/health' };
