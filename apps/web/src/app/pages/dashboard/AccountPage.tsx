import { SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { LanguageForm } from '../../../features/account/LanguageForm';
import { NameForm } from '../../../features/account/NameForm';
import { PasswordChangeForm } from '../../../features/account/PasswordChangeForm';
import { ProfileCard } from '../../../features/account/ProfileCard';
import { NotificationSettings } from '../../../features/notifications/NotificationSettings';
import { useSession } from '../../../features/session/SessionProvider';
import { displayName } from '../../layouts/AccountMenu';

/** Account settings: profile, name, language and password of the signed-in member. */
export function AccountPage() {
  const { t } = useTranslation();
  const { me, setMe } = useSession();
  return (
    <>
      <PageHeader title={t('settings.title')} description={t('settings.description')} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" style={{ alignItems: 'start' }}>
        <Stack gap="lg">
          <ProfileCard me={me} name={displayName(me)} />
          <NameForm key={`${me.userName}|${me.firstName}|${me.lastName}`} me={me} onSaved={setMe} />
          <LanguageForm key={me.language} me={me} onSaved={setMe} />
        </Stack>
        <Stack gap="lg">
          <PasswordChangeForm me={me} />
          <NotificationSettings />
        </Stack>
      </SimpleGrid>
    </>
  );
}
