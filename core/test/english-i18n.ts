import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';

/** Lingui with no catalog: every message says its English source (what an English reader gets). */
export function englishI18n(): I18n {
  const i18n = setupI18n();
  i18n.setMessagesCompiler(compileMessage);
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  return i18n;
}
