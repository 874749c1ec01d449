import { z } from 'zod';
import { groupRefBody } from '../../api/groups.ts';
import { endpoint } from '../define.ts';

/** Group QR codes (issue 9): a code lives only while its maker may invite; owners and admins can reset them all. */
export const groupQrEndpoints = {
  resetGroupQrcode: endpoint({
    path: '/enterprise/group/resetQrcode',
    access: 'user',
    role: 'group owner or admin',
    body: groupRefBody,
    data: z.object({
      group_id: z.number().int(),
      id: z.string(),
      name: z.string(),
      avatar: z.string(),
      avatars: z.array(z.unknown()),
      text: z.string(),
      expires_at: z.number().int(),
    }),
    domain: 'groups',
    summary: "Revoke every QR code of the group and answer a fresh one (owner or admin)",
  }),
};
