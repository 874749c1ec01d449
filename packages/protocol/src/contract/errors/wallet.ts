import { Code } from '../../codes.ts';
import { errorTable } from '../define.ts';

export const walletErrors = errorTable({
  'wallet.notOpened': { code: Code.FORBIDDEN, text: 'Open your wallet first.' },
  'wallet.amountFormat': {
    code: Code.BAD_REQUEST,
    text: 'Enter an amount as a number with at most two decimals, such as 12.50.',
  },
  'wallet.amountZero': { code: Code.BAD_REQUEST, text: 'The amount must be greater than 0.' },
  'wallet.insufficient': { code: Code.PAYMENT, text: 'Your balance is not enough.' },
  'wallet.rechargeMax': { code: Code.BAD_REQUEST, text: 'One recharge is at most {{max}}.' },
  'wallet.rechargeDayMax': { code: Code.BAD_REQUEST, text: 'Recharges are at most {{max}} a day.' },
  'wallet.withdrawMax': { code: Code.BAD_REQUEST, text: 'One withdrawal is at most {{max}}.' },
  'wallet.withdrawDayMax': { code: Code.BAD_REQUEST, text: 'Withdrawals are at most {{max}} a day.' },
  'wallet.payPasswordFormat': { code: Code.BAD_REQUEST, text: 'The payment password is exactly 6 digits.' },
  'wallet.payPasswordMismatch': { code: Code.BAD_REQUEST, text: 'The passwords do not match.' },
  'wallet.payPasswordWrong': { code: Code.FORBIDDEN, text: 'Wrong payment password. {{left}} tries left.' },
  'wallet.idTaken': { code: Code.BAD_REQUEST, text: 'This request id belongs to another request. Ask again with a new id.' },
  'wallet.payPasswordLocked': {
    code: Code.FORBIDDEN,
    text: 'Too many wrong payment passwords. Try again in {{minutes}} minutes.',
  },
});
