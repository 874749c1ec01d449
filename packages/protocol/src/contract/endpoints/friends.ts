import { z } from 'zod';
import {
  friendAddBody,
  friendAddResultSchema,
  friendDelBody,
  friendIndexBody,
  friendItemSchema,
  friendListBody,
  friendRequestItemSchema,
  friendSetNicknameBody,
  friendUpdateBody,
} from '../../api/friends.ts';
import { endpoint } from '../define.ts';

const domain = 'friends';

export const friendsEndpoints = {
  friendAdd: endpoint({
    path: '/enterprise/friend/add',
    access: 'user',
    role: "with group_id: the group's addFriend switch (or my being its owner or admin)",
    body: friendAddBody,
    data: friendAddResultSchema,
    domain,
    summary: 'Send a friend request (or agree when they already asked you)',
  }),
  friendIndex: endpoint({
    path: '/enterprise/friend/index',
    access: 'user',
    body: friendIndexBody,
    data: z.array(friendRequestItemSchema),
    domain,
    summary: 'Friend requests received by me / initiated by me (answer has count: pending, and page)',
  }),
  friendUpdate: endpoint({
    path: '/enterprise/friend/update',
    access: 'user',
    role: 'only the addressee of the request',
    body: friendUpdateBody,
    data: friendRequestItemSchema,
    domain,
    summary: 'Agree (1) or reject (2) a request addressed to me',
  }),
  friendDel: endpoint({
    path: '/enterprise/friend/del',
    access: 'user',
    body: friendDelBody,
    data: z.object({ user_id: z.number().int() }),
    domain,
    summary: 'End a friendship on both sides',
  }),
  friendSetNickname: endpoint({
    path: '/enterprise/friend/setNickname',
    access: 'user',
    role: 'only for my own friends',
    body: friendSetNicknameBody,
    data: z.object({ user_id: z.number().int(), nickname: z.string(), displayName: z.string() }),
    domain,
    summary: 'Set my remark name for a friend',
  }),
  friendList: endpoint({
    path: '/enterprise/friend/list',
    access: 'user',
    body: friendListBody,
    data: z.array(friendItemSchema),
    domain,
    summary: 'My friends with index letters (Parley addition)',
  }),
};
