// Create Video tab. The creation form arrives with the create-video work.
import { ScreenHeader } from '@/components/layout/screen-header';
import { useAppNavigation } from '@/lib/app-navigation';

export function CreateScreen() {
  const { navigate } = useAppNavigation();
  return <ScreenHeader title="Create Video" onBack={() => navigate('dashboard')} />;
}
