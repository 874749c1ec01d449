import { z } from 'zod';
import { bindUidBody, loginBody, registerBody } from '../../api/auth.ts';
import { authResultSchema } from '../../entities.ts';
import { endpoint } from '../define.ts';

const empty = z.object({}).loose();

export const authEndpoints = {
  register: endpoint({
    path: '/common/pub/register',
    access: 'public',
    body: registerBody,
    data: authResultSchema,
    domain: 'auth',
    summary: 'Create an account (when registration is open) and sign in',
  }),
  login: endpoint({
    path: '/common/pub/login',
    access: 'public',
    body: loginBody,
    data: authResultSchema,
    domain: 'auth',
    summary: 'Sign in; a mobile sign-in ends the other mobile sessions unless multipleLogin',
  }),
  logout: endpoint({
    path: '/common/pub/logout',
    access: 'user',
    body: empty,
    data: z.null(),
    domain: 'auth',
    summary: 'Revoke this session’s token',
  }),
  bindUid: endpoint({
    path: '/common/pub/bindUid',
    access: 'user',
    role: 'the socket connection client_id is bound to the token’s user (never the body’s user_id)',
    body: bindUidBody,
    data: z.object({ user_id: z.number().int(), client_id: z.string() }),
    domain: 'auth',
    summary: 'Bind a socket connection (client_id from the init frame) to my session',
  }),
};
