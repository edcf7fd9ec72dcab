import { LanguageSwitch } from '../../components/LanguageSwitch';
import { notifyError } from '../../components/notify';
import { useUpdateLanguage } from '../../features/account/api';
import { useSession } from '../../features/session/SessionProvider';
import { type AppLanguage, i18n, normalizeLanguage, setLanguage, toApiLanguage } from '../../i18n';

/**
 * The header's language switch while signed in. The account's language is the one source of truth
 * (emails follow it too), so a choice here changes the account through the language call; the screens
 * switch at once and go back if the account could not be changed.
 */
export function AccountLanguageSwitch() {
  const { me, setMe } = useSession();
  const update = useUpdateLanguage(me.id);

  const change = (lang: AppLanguage) => {
    const accountLanguage = normalizeLanguage(me.language);
    void setLanguage(lang);
    update.mutate(toApiLanguage(lang), {
      onSuccess: setMe,
      onError: async (error) => {
        if (accountLanguage) await setLanguage(accountLanguage);
        // Told in the language the screens went back to.
        notifyError(i18n.t('settings.failedTitle'), error);
      },
    });
  };

  return <LanguageSwitch onChange={change} />;
}
