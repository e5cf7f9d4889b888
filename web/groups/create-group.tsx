// 'Crear un grupo' (/app/grupos/nuevo, docs/product.md#grupos): the group's form (group-form.tsx);
// on success she lands on the group's page.
import { useNavigate } from "react-router-dom";
import { GROUP_CREATE_TEXT as TEXT } from "../../domain/texts/groups.ts";
import { PageHeader } from "../components/feedback.tsx";
import { toast } from "../lib/toast.ts";
import { EMPTY_GROUP, GroupForm } from "./group-form.tsx";
import { useCreateGroup } from "./queries.ts";

export default function CreateGroupScreen() {
  const navigate = useNavigate();
  const create = useCreateGroup();
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={TEXT.title} />
      <GroupForm
        initial={EMPTY_GROUP}
        submitLabel={TEXT.submit}
        savingLabel={TEXT.saving}
        failedText={TEXT.failed}
        pending={create.isPending}
        onSubmit={async (input) => {
          const { group } = await create.mutateAsync(input);
          toast.success(TEXT.created);
          navigate(`/app/grupo/${encodeURIComponent(group.slug)}`);
        }}
      />
    </div>
  );
}
