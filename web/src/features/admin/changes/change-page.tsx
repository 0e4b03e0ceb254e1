import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Loaded } from '../../../components/loaded';
import { useMe } from '../../../lib/session';
import { failureText } from '../../../lib/failure-text';
import { changesApi, changesKeys } from './changes-api';
import { ChangeCard } from './change-card';
import { CHANGES_REFRESH_MS } from './pending-changes-page';
import '../admin-forms.css';

/** One change to the desk's rules: where "Waiting for a second admin" links to after a save (the breadcrumb leads back to the list). */
export function ChangePage() {
  const { id = '' } = useParams();
  const change = useQuery({ queryKey: changesKeys.one(id), queryFn: () => changesApi.get(id), refetchInterval: CHANGES_REFRESH_MS });
  const meId = useMe().data?._id;
  return (
    <div className="admin-page">
      <Loaded query={change} loading="Loading the change..." failed={failureText(change.error, 'Failed to load the change')} failedCard>
        {(loaded) => <ChangeCard change={loaded} meId={meId} headingLevel="h1" />}
      </Loaded>
    </div>
  );
}
