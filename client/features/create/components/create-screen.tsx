// Create Video tab: a Back button to the dashboard, the heading and the creation form.
import { ScreenHeader } from '@/components/layout/screen-header';
import { useUser } from '@/entities/session/api/get-user';
import { useAppNavigation } from '@/lib/app-navigation';
import { CreateVideoForm } from './create-video-form';

export function CreateScreen() {
  const { navigate } = useAppNavigation();
  const { data: user } = useUser();
  return (
    <div className="mx-auto w-full max-w-3xl">
      <ScreenHeader
        title="Create Video"
        description="Turn a title and a description into a short video."
        onBack={() => navigate('dashboard')}
      />
      <CreateVideoForm user={user ?? null} />
    </div>
  );
}
