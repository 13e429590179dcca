import { Suspense, lazy, useCallback, useMemo } from 'react';
import Stack from '@mui/material/Stack';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { usePlaylists } from '../api/get-playlists';
import { AlarmsPanel } from '../features/alarms/AlarmsPanel';
import { familyLibraryQueryOptions } from '../features/playlists/api/get-family-library';
import { useServices } from '../services/app-services';

// The Notifications settings sit under the alarms they are about, in a chunk of their own.
const NotificationsSection = lazy(() =>
  import('../features/notifications/NotificationsSection').then((m) => ({ default: m.NotificationsSection })),
);

/**
 * Where the alarms and playlists features meet: an alarm's playlist title comes from the household's
 * own playlists and the family library as far as it is loaded (the Family tab loads it; it is not
 * fetched for this, except when the cloud alarm dialog opens), else the alarm list asks for the card's
 * content.
 */
export function AlarmsSection() {
  const playlists = usePlaylists();
  const { library } = useServices();
  const client = useQueryClient();
  const family = useQuery({ ...familyLibraryQueryOptions(client, library), enabled: false });

  const titles = useMemo(
    () =>
      new Map(
        [...(family.data?.playlists ?? []), ...(playlists.data ?? [])].flatMap((p) =>
          p.cardId ? [[p.cardId, p.title] as const] : [],
        ),
      ),
    [family.data, playlists.data],
  );
  const knownTitle = useCallback((cardId: string) => titles.get(cardId), [titles]);
  // The cloud alarm dialog offers the family's cards: it asks for the library when it opens.
  const familyCards = useMemo(
    () => ({
      playlists: family.data?.playlists ?? [],
      load: () => void client.prefetchQuery(familyLibraryQueryOptions(client, library)),
      loading: family.isFetching,
    }),
    [client, library, family.data, family.isFetching],
  );
  return (
    <Stack spacing={3}>
      <AlarmsPanel knownTitle={knownTitle} family={familyCards} />
      <Suspense fallback={null}>
        <NotificationsSection />
      </Suspense>
    </Stack>
  );
}
