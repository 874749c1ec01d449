import { DEFAULT_PAY_PASSWORD } from '@parley/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { api } from '../../../api/client.ts';
import { showToast } from '../../../components/feedback.tsx';
import { PayPasscode } from './PayPasscode.tsx';
import { WALLET_KEY } from './queries.ts';

type Step = 'current' | 'new' | 'again';

/**
 * Changing the payment password: the current one (skipped while it is still the default
 * 000000), the new one, and the new one again; a mismatch starts the new one over.
 */
export function ChangePayPassword({ visible, isDefault, onClose }: { visible: boolean; isDefault: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const first: Step = isDefault ? 'new' : 'current';
  const [step, setStep] = useState<Step>(first);
  const [old, setOld] = useState(DEFAULT_PAY_PASSWORD);
  const [fresh, setFresh] = useState('');
  const [error, setError] = useState('');
  // the wallet may have loaded (or just opened) after this mounted
  useEffect(() => {
    if (visible) setStep(first);
  }, [visible, first]);
  const close = () => {
    setStep(first);
    setError('');
    onClose();
  };
  const fill = async (digits: string) => {
    setError('');
    if (step === 'current') {
      setOld(digits);
      setStep('new');
    } else if (step === 'new') {
      setFresh(digits);
      setStep('again');
    } else if (digits !== fresh) {
      setError(t('wallet.password.mismatch'));
      setStep('new');
    } else {
      try {
        await api.call('setPayPassword', { old, password: fresh, repassword: digits }, { silent: true });
        await client.invalidateQueries({ queryKey: WALLET_KEY });
        showToast(t('wallet.password.changed'), 'success');
        close();
      } catch (err) {
        setError((err as Error).message);
        setStep(first);
      }
    }
  };
  return <PayPasscode visible={visible} title={t(`wallet.password.${step}`)} error={error} onFill={fill} onClose={close} />;
}
