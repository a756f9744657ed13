/** A new Word template: the generic form with the uploader and the tags it may use. */
import { modelByName } from '../../../model/registry';
import { ModelCreate } from '../../form/GenericForm';
import { ReplaceKeys } from './ReplaceKeys';

export default function WordTemplateCreate() {
  return (
    <ModelCreate model={modelByName.get('WordTemplate')!}>
      <ReplaceKeys />
    </ModelCreate>
  );
}
