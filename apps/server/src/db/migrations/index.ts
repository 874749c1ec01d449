import type { Kysely } from 'kysely';
import * as core from './001_core.ts';
import * as search from './002_search.ts';
import * as groupQr from './003_groupqr.ts';
import * as wallet from './004_wallet.ts';
import * as calls from './004_calls.ts';
import * as translate from './006_translate.ts';
import * as work from './007_work.ts';
import * as messageAttachments from './005_message_attachments.ts';
import * as docs from './011_docs.ts';
import * as moments from './012_moments.ts';
import * as favorites from './013_favorites.ts';
import * as scale from './014_scale.ts';
import * as webPush from './015_webpush.ts';
import * as mentions from './016_mentions.ts';
import * as conversationsKeyUser from './017_conversations_key_user.ts';
import * as searchBacklog from './018_search_backlog.ts';
import * as convGramBits from './019_conv_gram_bits.ts';
import * as ftsRowidsOnly from './020_fts_rowids_only.ts';
import * as searchFile from './021_search_file.ts';
import * as gramBitsInSearchFile from './022_gram_bits_in_search_file.ts';
import * as clientIds from './023_client_ids.ts';
import type { Dialect } from './helpers.ts';

export interface MigrationStep {
  name: string;
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
}

/** One ordered migration set for both dialects; append new steps, never edit applied ones. */
export const migrations: MigrationStep[] = [
  { name: '001_core', up: core.up },
  { name: '002_search', up: search.up },
  { name: '003_groupqr', up: groupQr.up },
  { name: '004_wallet', up: wallet.up },
  { name: '004_calls', up: calls.up },
  { name: '006_translate', up: translate.up },
  { name: '007_work', up: work.up },
  { name: '005_message_attachments', up: messageAttachments.up },
  { name: '011_docs', up: docs.up },
  { name: '012_moments', up: moments.up },
  { name: '013_favorites', up: favorites.up },
  { name: '014_scale', up: scale.up },
  { name: '015_webpush', up: webPush.up },
  { name: '016_mentions', up: mentions.up },
  { name: '017_conversations_key_user', up: conversationsKeyUser.up },
  { name: '018_search_backlog', up: searchBacklog.up },
  { name: '019_conv_gram_bits', up: convGramBits.up },
  { name: '020_fts_rowids_only', up: ftsRowidsOnly.up },
  { name: '021_search_file', up: searchFile.up },
  { name: '022_gram_bits_in_search_file', up: gramBitsInSearchFile.up },
  { name: '023_client_ids', up: clientIds.up },
];
