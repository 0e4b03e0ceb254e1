// Shared with the admin area now; the customer screens keep importing it from here.
export { ConfirmDialog } from '../../../components/confirm-dialog';
