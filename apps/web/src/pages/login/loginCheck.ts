import { loginBody } from '@parley/protocol';
import type { FormChecker } from '../../hooks/useLazyZodForm.ts';
import { localizeMessage } from '../../i18n/validation.ts';

/** The login form's rules (the protocol's zod schema) and their texts: loaded by the login page once the user starts typing. */
export const loginChecker: FormChecker<unknown> = { schema: loginBody, localize: localizeMessage };
