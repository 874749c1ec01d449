import {
  deviceListBody,
  editAccountBody,
  editPasswordBody,
  getContactInfoBody,
  getUserInfoBody,
  myQrcodeBody,
  scanQrBody,
  searchUserBody,
  signOutDeviceBody,
  updateUserInfoBody,
  verifyEmailBody,
} from '@parley/protocol';
import type { AppContext } from '../../context.ts';
import { Answer } from '../../http/envelope.ts';
import type { Router } from '../../http/route.ts';
import { usersService } from './service.ts';

/** Profiles, search, personal area, account security, devices and QR codes under `/enterprise/im/`. */
export function usersRoutes(r: Router, ctx: AppContext): void {
  const users = usersService(ctx);

  r.post(
    '/enterprise/im/getUserInfo',
    { auth: true, body: getUserInfoBody, summary: "My userInfo, or another user's public profile" },
    ({ body, user }) =>
      body.user_id === undefined ? users.userInfo(user.userId) : users.profile(user.userId, body.user_id),
  );

  r.post(
    '/enterprise/im/getContactInfo',
    { auth: true, body: getContactInfoBody, summary: "A user contact's public profile (groups: groupInfo)" },
    ({ body, user }) => users.contactInfo(user.userId, body.id),
  );

  r.post(
    '/enterprise/im/searchUser',
    { auth: true, body: searchUserBody, summary: 'Find users by exact account or nickname part' },
    async ({ body, user }) => {
      const list = await users.search(user.userId, body.keywords);
      return new Answer(list, { count: list.length });
    },
  );

  r.post(
    '/enterprise/im/updateUserInfo',
    { auth: true, body: updateUserInfoBody, summary: 'Change my nickname, gender, signature, e-mail' },
    async ({ body, user }) => new Answer(await users.updateUserInfo(user.userId, body), { msg: 'Saved.' }),
  );

  r.post(
    '/enterprise/im/verifyEmail',
    { auth: true, body: verifyEmailBody, summary: 'Verify my e-mail with a code from sendCode (sets verified)' },
    async ({ body, user }) =>
      new Answer(await users.verifyEmail(user.userId, body), { msg: 'Your e-mail address is verified.' }),
  );

  r.post(
    '/enterprise/im/editAccount',
    { auth: true, body: editAccountBody, summary: 'Change my account name (4-32, unique)' },
    async ({ body, user }) => new Answer(await users.editAccount(user.userId, body), { msg: 'Account changed.' }),
  );

  r.post(
    '/enterprise/im/editPassword',
    { auth: true, body: editPasswordBody, summary: 'Change my password; signs out my other devices' },
    async ({ body, user }) =>
      new Answer(await users.editPassword(user, body), { msg: 'Password changed. Your other devices were signed out.' }),
  );

  r.post(
    '/enterprise/im/deviceList',
    { auth: true, body: deviceListBody, summary: 'My signed-in devices' },
    ({ user }) => users.deviceList(user),
  );

  r.post(
    '/enterprise/im/signOutDevice',
    { auth: true, body: signOutDeviceBody, summary: 'Sign out one of my devices' },
    async ({ body, user }) => new Answer(await users.signOutDevice(user, body.id), { msg: 'The device was signed out.' }),
  );

  r.post(
    '/enterprise/im/myQrcode',
    { auth: true, body: myQrcodeBody, summary: 'The signed text of my QR card' },
    ({ user }) => users.myQrcode(user.userId),
  );

  r.post(
    '/enterprise/im/scanQr',
    { auth: true, body: scanQrBody, summary: 'Read a scanned QR text: user, group or web address' },
    ({ body, user }) => users.scanQr(user.userId, body.text),
  );
}
