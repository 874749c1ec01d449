import { Code } from '../../codes.ts';
import { errorTable } from '../define.ts';
import { FAVORITES_MAX } from '../endpoints/favorites.ts';
import { STICKERS_MAX } from '../endpoints/emoji.ts';

export const favoritesErrors = errorTable({
  'favorites.notFound': { code: Code.NOT_FOUND, text: 'That favorite does not exist.' },
  'favorites.notKeepable': { code: Code.BAD_REQUEST, text: 'This message cannot be added to favorites.' },
  'favorites.full': { code: Code.BAD_REQUEST, text: 'You can keep at most {{max}} favorites. Delete some first.', params: { max: FAVORITES_MAX } },
  'favorites.notSendable': { code: Code.BAD_REQUEST, text: 'A kept chat history cannot be sent again; open it and forward its messages.' },
  'emoji.notFound': { code: Code.NOT_FOUND, text: 'That sticker does not exist.' },
  'emoji.notPicture': { code: Code.BAD_REQUEST, text: 'Only pictures can be stickers.' },
  'emoji.full': { code: Code.BAD_REQUEST, text: 'You can keep at most {{max}} stickers. Delete some first.', params: { max: STICKERS_MAX } },
});
