import { Answer } from '../../http/envelope.ts';
import type { Router } from '../../http/route.ts';
import type { UsersService } from './service.ts';

/** Profiles, search, personal area, account security, devices and QR codes under `/enterprise/im/`. */
export function usersRoutes(r: Router, users: UsersService): void {
  r.handle('getUserInfo', ({ body, user }) =>
    body.user_id === undefined ? users.userInfo(user.userId) : users.profile(user.userId, body.user_id),
  );
  r.handle('getContactInfo', ({ body, user }) => users.contactInfo(user.userId, body.id));
  r.handle('searchUser', async ({ body, user }) => {
    const list = await users.search(user.userId, body.keywords);
    return new Answer(list, { count: list.length });
  });
  r.handle('updateUserInfo', async ({ body, user }) => new Answer(await users.updateUserInfo(user.userId, body), { note: 'users.saved' }));
  r.handle(
    'verifyEmail',
    async ({ body, user }) => new Answer(await users.verifyEmail(user.userId, body), { note: 'users.emailVerified' }),
  );
  r.handle('editAccount', async ({ body, user }) => new Answer(await users.editAccount(user.userId, body), { note: 'users.accountChanged' }));
  r.handle(
    'editPassword',
    async ({ body, user }) =>
      new Answer(await users.editPassword(user, body), { note: 'users.passwordChanged' }),
  );
  r.handle('deviceList', ({ user }) => users.deviceList(user));
  r.handle(
    'signOutDevice',
    async ({ body, user }) => new Answer(await users.signOutDevice(user, body.id), { note: 'users.deviceSignedOut' }),
  );
  r.handle('myQrcode', ({ user }) => users.myQrcode(user.userId));
  r.handle('scanQr', ({ body, user }) => users.scanQr(user.userId, body.text));
}
