// Library tab. The video grid, folders and player arrive with the library work.
import { ScreenHeader } from '@/components/layout/screen-header';

export function LibraryScreen() {
  return <ScreenHeader title="Your Videos" />;
}
