import { ActionSheet, type ActionSheetProps } from 'antd-mobile';
import '../../../components/antdRender.ts';
import { t } from '../../../i18n/index.ts';
import { appContainer } from '../../../layout.ts';
import { PAINT_SKIP_CLASS } from '../../../paint/keepHomePaint.ts';

export interface SheetChoice<K extends string> {
  key: K;
  text: string;
  testId: string;
  danger?: boolean;
}

/** Lets the user pick one of `actions` in a bottom sheet; resolves with its key, or null. */
export function pickAction<K extends string>(actions: SheetChoice<K>[]): Promise<K | null> {
  return new Promise((resolve) => {
    let picked: K | null = null;
    ActionSheet.show({
      getContainer: appContainer,
      // not kept in the home screen painted at the next start (paint/homePaint.ts)
      popupClassName: PAINT_SKIP_CLASS,
      actions: actions.map(
        (a): ActionSheetProps['actions'][number] => ({ key: a.key, text: <span data-testid={a.testId}>{a.text}</span>, danger: a.danger }),
      ),
      cancelText: t('common.cancel'),
      closeOnAction: true,
      onAction: (action) => {
        picked = action.key as K;
      },
      afterClose: () => resolve(picked),
    });
  });
}

