import { describeResource } from '../../../shared/operations';
import { importGroups } from './importGroups';
import { importMembers } from './importMembers';
import { importMessages } from './importMessages';
import { importUsers } from './importUsers';

export const dataImportDescription = describeResource('dataImport', [importGroups, importMembers, importMessages, importUsers], 'importUsers');
