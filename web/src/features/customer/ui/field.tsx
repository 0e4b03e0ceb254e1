// Shared with the admin area now; the customer screens keep importing it from here.
export { Field } from '../../../components/field';
