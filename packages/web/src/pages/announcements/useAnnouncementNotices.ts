import { useQuery } from '@tanstack/react-query';
import { useClient } from '../../app/ConsoleContext';

/** GET announcements/notice: a page of announcements for every logged-in user. */
export function useAnnouncementNotices(pageNo: number, pageSize: number) {
  const client = useClient();
  return useQuery({
    queryKey: ['announcements', 'notice', pageNo, pageSize],
    queryFn: () => client.announcementNotices(pageNo, pageSize),
  });
}
