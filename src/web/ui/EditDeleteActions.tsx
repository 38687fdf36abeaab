import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';

/**
 * The edit and delete buttons of a table row; their accessible names say which item they act on.
 * Without onDelete (the user may not delete the item), only the edit button.
 */
export function EditDeleteActions({ itemName, onEdit, onDelete }: { itemName: string; onEdit: () => void; onDelete?: () => void }) {
  return (
    <>
      <Tooltip title="Edit" describeChild>
        <IconButton aria-label={`Edit ${itemName}`} onClick={onEdit}>
          <EditOutlined />
        </IconButton>
      </Tooltip>
      {onDelete && (
        <Tooltip title="Delete" describeChild>
          <IconButton aria-label={`Delete ${itemName}`} color="error" onClick={onDelete}>
            <DeleteOutline />
          </IconButton>
        </Tooltip>
      )}
    </>
  );
}
