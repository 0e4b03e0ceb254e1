export { allMigrations } from '../../services/src/main/all-migrations';
