import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import FolderSharedIcon from '@mui/icons-material/FolderShared';
import type { FamilyLibraryGroup } from '@playlist-alarms/core/entities';
import { MESSAGES } from '@playlist-alarms/core/messages';

/** The family library's groups as the provider lists them; their cards are browsed in a later issue. */
export function FamilyGroupsList({
  groups,
  loading,
}: {
  groups: readonly FamilyLibraryGroup[];
  loading: boolean;
}) {
  if (loading) return <Typography color="text.secondary">Loading family library...</Typography>;
  if (groups.length === 0)
    return <Typography color="text.secondary">No family library groups yet.</Typography>;
  return (
    <List aria-label="Family library groups">
      {groups.map((group) => (
        <ListItem key={group.id} divider>
          <ListItemIcon>
            <FolderSharedIcon color="secondary" />
          </ListItemIcon>
          <ListItemText
            primary={group.name}
            secondary={group.items.length === 0 ? MESSAGES.emptyGroup : `${group.items.length} playlists`}
          />
        </ListItem>
      ))}
    </List>
  );
}
