/** The form of a Word template: the generic one with its file (the uploader) and the tags it may use. */
import { modelByName } from '../../../model/registry';
import { ModelEdit } from '../../form/GenericForm';
import { ReplaceKeys } from './ReplaceKeys';

export default function WordTemplateEdit() {
  return (
    <ModelEdit model={modelByName.get('WordTemplate')!}>
      <ReplaceKeys />
    </ModelEdit>
  );
}
