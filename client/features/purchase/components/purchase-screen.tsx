// Purchase Credits tab. Memberships, packs and the FAQ arrive with the payments work.
import { ScreenHeader } from '@/components/layout/screen-header';
import { useAppNavigation } from '@/lib/app-navigation';

export function PurchaseScreen() {
  const { navigate } = useAppNavigation();
  return <ScreenHeader title="Purchase Credits" onBack={() => navigate('dashboard')} />;
}
