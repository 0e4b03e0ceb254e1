import { NotFoundError } from '@desk/platform/errors/domain-error';

export class OrderNotFoundError extends NotFoundError {
  constructor() {
    super('Order not found');
  }
}
