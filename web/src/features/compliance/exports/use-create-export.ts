import { useMutation } from '@tanstack/react-query';
import { complianceApi, type ExportRequest } from '../compliance-api';

/** Makes an audit export (by orders or by a time window); its answer is the signed, expiring download link. */
export function useCreateExport() {
  return useMutation({ mutationFn: (request: ExportRequest) => complianceApi.createExport(request) });
}
